import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A hash of what a step reads: every file under the given paths (their names relative to the
 * project and their bytes) and the settings it depends on. Contents, not times: a checkout or a
 * copy changes times without changing what a build makes.
 */
export async function fingerprint(projectRoot: string, inputs: string[], settings: unknown = {}): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(settings));
  const files: string[] = [];
  for (const input of inputs) {
    const absolute = path.join(projectRoot, input);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) continue;
    if (info.isFile()) files.push(input);
    else
      for (const entry of await readdir(absolute, { recursive: true, withFileTypes: true }))
        if (entry.isFile())
          files.push(path.relative(projectRoot, path.join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
  }
  for (const file of files.sort()) hash.update(`\0${file}\0`).update(await readFile(path.join(projectRoot, file)));
  return hash.digest('hex');
}
