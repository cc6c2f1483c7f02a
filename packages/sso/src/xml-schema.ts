import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const localRequire = createRequire(import.meta.url);

/** The SAML 2.0 schemas (protocol, assertion, XML signature and encryption) as samlify's xmllint validator ships them. */
const SCHEMA_FILES = ['saml-schema-protocol-2.0.xsd', 'datatypes.dtd', 'saml-schema-assertion-2.0.xsd', 'xmldsig-core-schema.xsd', 'XMLSchema.dtd', 'xenc-schema.xsd'];

let schemas: { fileName: string; contents: string }[] | null = null;

function loadSchemas() {
  if (!schemas) {
    const dir = join(dirname(localRequire.resolve('@authenio/samlify-xmllint-wasm/package.json')), 'schemas');
    schemas = SCHEMA_FILES.map((fileName) => ({ fileName, contents: readFileSync(join(dir, fileName), 'utf8') }));
  }
  return schemas;
}

/**
 * samlify's schema validator: libxml2's xmllint compiled to WebAssembly, run in a worker thread
 * per message (bounded memory, nothing left behind), against the SAML schemas. Offline; no Java.
 * Refusals are `ERR_EXCEPTION_VALIDATE_XML`; the document is never logged.
 */
export const samlSchemaValidator = {
  async validate(xml: string): Promise<string> {
    const [schema, ...preload] = loadSchemas();
    // Loaded with the first SAML message, not at start.
    const { validateXML } = await import('xmllint-wasm');
    const result = await validateXML({ xml: [{ fileName: 'content.xml', contents: xml }], extension: 'schema', schema: [schema!], preload });
    if (!result.valid) throw new Error('ERR_EXCEPTION_VALIDATE_XML');
    return 'SUCCESS_VALIDATE_XML';
  },
};
