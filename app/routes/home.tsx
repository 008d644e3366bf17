export { handle, loader, meta, default } from './_index';
