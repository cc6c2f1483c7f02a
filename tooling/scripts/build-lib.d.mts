/** The incremental swc build of one package (build-lib.mjs). */
export interface TranspileResult {
  /** outputs written, relative to dist/ (`x.js`, with its `x.js.map`) */
  written: string[];
  /** outputs removed because their source was deleted or excluded, relative to dist/ */
  removed: string[];
  /** sources whose output was up to date */
  unchanged: number;
}
export declare function transpilePackage(dir: string, options?: { exclude?: string[] }): Promise<TranspileResult>;
export declare function globToRegExp(glob: string): RegExp;
export declare function buildExcludes(dir: string): string[];
export declare function hashInputs(root: string, relPaths: Iterable<string>, extra?: string[]): string;
export declare function listFiles(root: string, rel: string, skip?: string[]): string[];
/** The stamp of a Vite app's inputs (its files, its workspace dependencies' dist/, the lockfile, NODE_ENV). */
export declare function webInputsStamp(root: string, appRel: string, env: Record<string, string | undefined>): string;
