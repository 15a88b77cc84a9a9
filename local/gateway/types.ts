// Shared context handed to every gateway module (auth, storage, realtime, functions).
import type postgres from "postgres";

export interface GatewayContext {
  sql: postgres.Sql;
  dbUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  dataDir: string;
  supabaseUrl: string;
  verifyJwt(token: string): Promise<Record<string, unknown>>;
  log(line: string): void;
}
