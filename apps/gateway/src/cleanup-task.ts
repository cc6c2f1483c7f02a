/** One kind of expired rows a cleanup pass sweeps; `run` deletes them and answers how many went. */
export interface CleanupTask {
  name: string;
  run(now: Date): Promise<number>;
}
