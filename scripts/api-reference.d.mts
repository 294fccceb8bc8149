/** Types of scripts/api-reference.mjs (for the tests that import it). */
export interface ReferenceFiles {
  "index.html": string;
  "reference.css": string;
}
export function renderReference(document: object): ReferenceFiles;
