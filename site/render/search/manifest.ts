/**
 * The search manifest, `/pagefind/manifest.json`: the only file a reader must fetch fresh (no-cache). It names
 * the pagefind bundles that together are the index and, per bundle, the results to hide. Everything it points
 * at lives in folders named by their content, which are never rewritten.
 */
export interface SearchManifest {
  version: 1;
  /**
   * bundles[0] is the runtime bundle: load `${path}pagefind.js` from it and merge every other bundle into that
   * instance (`mergeIndex(path)`). Paths are relative to the manifest's folder and end with '/'.
   */
  bundles: ManifestBundle[];
  /**
   * Hidden ids that are also the id of a live record in another bundle (result ids are 28-bit hashes, so at
   * 10,000 posts this happens about once in 27,000 hidden ids). For these, load the hit's data and hide it
   * only if its `meta.bundle` is the key of a bundle that hides the id. Usually empty.
   */
  ambiguous: string[];
}

export interface ManifestBundle {
  /** 'r' (runtime), 's{n}' (shard n), 'd' (delta): the `meta.bundle` of its records. */
  key: string;
  path: string;
  /** Result ids (pagefind fragment hashes) of records that are stale: changed or removed since indexed. */
  hide: string[];
}

export const MANIFEST_FILE = 'manifest.json';
