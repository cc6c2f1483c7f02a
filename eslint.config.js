export { default } from '@tend/eslint-config';
