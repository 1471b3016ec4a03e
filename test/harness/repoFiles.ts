/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the repository checks run in Node and read its files */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The files under `root`/`folder` whose names `keep` accepts, as `/`-joined paths relative to
 * `root`; folders named in `skip` are not entered. One walk for the repository checks.
 */
export function filesUnder(
	root: string,
	folder: string,
	keep: (name: string) => boolean,
	skip: ReadonlySet<string> = new Set(['node_modules']),
): string[] {
	return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.posix.join(folder, entry.name);
		if (entry.isDirectory())
			return skip.has(entry.name) ? [] : filesUnder(root, relative, keep, skip);
		return keep(entry.name) ? [relative] : [];
	});
}
