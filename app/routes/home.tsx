export { handle, loader, default } from './_index';
