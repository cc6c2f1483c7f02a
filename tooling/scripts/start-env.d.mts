/** The environments `pnpm start` gives the gateway and the web app (start-env.mjs). */
export declare function startEnvs(env: Record<string, string | undefined>): {
  port: number;
  webPort: number;
  outbox: boolean;
  gateway: Record<string, string | undefined>;
  web: Record<string, string | undefined>;
};
