// The WSDL and the XSDs of the AVS face, served as written (lib/wire/avs/schema-files/), the
// WSDL with this installation's own address. Interface documents need no sign-in, as AVS's own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { publicBaseUrl } from '../../env';

/** Where the endpoint is, relative to the app's base URL. */
export const AVS_ENDPOINT = '/avs/JMeldescheinWebservices';
export const AVS_PREFIX = '/avs/';

// process.cwd(), as the card's fonts: Next's server bundles relocate modules.
const DIR = path.join(process.cwd(), 'lib', 'wire', 'avs', 'schema-files');
export const SCHEMA_FILES = ['avs-meldeschein-elements.xsd', 'avs-meldeschein-types.xsd'] as const;
const WSDL_FILE = 'avs-meldeschein.wsdl';
/** The address the WSDL file carries; replaced by this installation's. */
const WRITTEN_ADDRESS = 'http://localhost:3000/avs/JMeldescheinWebservices';

const texts = new Map<string, string>();
function fileText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(path.join(DIR, name), 'utf8');
    texts.set(name, text);
  }
  return text;
}

const escapeAttribute = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The WSDL, its `soap:address` this installation's endpoint (from PUBLIC_BASE_URL). */
export function wsdlText(): string {
  const address = new URL(AVS_ENDPOINT, publicBaseUrl()).toString();
  return fileText(WSDL_FILE).replace(WRITTEN_ADDRESS, escapeAttribute(address));
}

/** An XSD the WSDL names, or null for any other name. */
export function schemaText(name: string): string | null {
  return (SCHEMA_FILES as readonly string[]).includes(name) ? fileText(name) : null;
}
