/** A throwaway PostgreSQL server (see pg-cluster.mjs). */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/yx` */
  url: string;
  /** Shuts the server down, keeping its data. */
  pause(): Promise<void>;
  /** Starts it again on the same data and port. */
  resume(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}
/** Starts a fresh cluster, or resolves null (after saying why) when PostgreSQL is unavailable. */
export declare function startPostgres(): Promise<PostgresCluster | null>;
