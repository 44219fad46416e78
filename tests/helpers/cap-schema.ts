import { execFile } from 'node:child_process';
import path from 'node:path';

/** The OASIS CAP 1.2 schema (tests/fixtures/cap-1.2.xsd), as the standard publishes it. */
const SCHEMA = path.resolve(import.meta.dirname, '../fixtures/cap-1.2.xsd');

/**
 * Validates a CAP document against the CAP 1.2 schema with xmllint (Debian's libxml2-utils, which
 * scripts/install-browsers.sh installs). `report` is xmllint's own account, errors included.
 */
export function validateCap(xml: string): Promise<{ valid: boolean; report: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, '-'], (error, _stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
        reject(new Error('xmllint is missing: `bash scripts/install-browsers.sh` installs it (libxml2-utils).'));
      // 0: valid; 3 or 4: not valid against the schema; 1: not well-formed XML.
      else resolve({ valid: error === null, report: stderr });
    });
    child.stdin!.end(xml);
  });
}
