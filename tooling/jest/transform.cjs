// @swc/jest, plus one rewrite: our tests run as CommonJS, where `import.meta` does not exist,
// but ESM sources (the generated Prisma client, ESM-only dependencies) use `import.meta.url`.
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
});

const importMetaUrl = /\bimport\.meta\.url\b/g;
const importMeta = /\bimport\.meta\b/g;

module.exports = {
  ...swc,
  process(source, filename, options) {
    const code = source.includes('import.meta')
      ? source
          .replace(importMetaUrl, 'require("node:url").pathToFileURL(__filename).href')
          .replace(importMeta, '({ url: require("node:url").pathToFileURL(__filename).href, dirname: __dirname, filename: __filename })')
      : source;
    return swc.process(code, filename, options);
  },
  getCacheKey(source, filename, options) {
    return swc.getCacheKey(source, filename, options) + ':import-meta-v1';
  },
};
