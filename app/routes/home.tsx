export { loader, default } from './_index';
