import { env } from "@/config/env";
import { hasStoredSession } from "@/lib/session-storage";
import { deviceId } from "@/lib/device-id";
import { readActiveOrgId } from "@/lib/active-org";

export const DEFAULT_DOWNLOAD_FILENAME = "논술첨삭_리포트.txt";

type Json = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** The server wants a captcha token with the request (GoTrue-like gate on guest start, sign-up, login). */
  readonly requiresCaptcha?: boolean;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
    if (isObject(data) && data.requiresCaptcha) this.requiresCaptcha = true;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function parseBody(text: string): { json: true; value: unknown } | { json: false; value: string } {
  if (text.length === 0) return { json: false, value: text };
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false, value: text };
  }
}

export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  const body = parseBody(text);
  if (!body.json) {
    return new ApiError(`${res.status}: ${text || res.statusText}`, res.status, text);
  }
  const data = body.value;
  if (isObject(data) && data.usageExceeded) {
    return new ApiError(nonEmptyString(data.error) ?? "Request failed", res.status, data);
  }
  const message = (isObject(data) && (nonEmptyString(data.error) ?? nonEmptyString(data.message))) || `${res.status}: ${text}`;
  return new ApiError(message, res.status, data);
}

export function filenameFromContentDisposition(header: string | null | undefined, fallback = DEFAULT_DOWNLOAD_FILENAME) {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1].trim().replace(/^"(.*)"$/, "$1");
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
    const encoded = match ? match[2] : value;
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded) return decoded;
    } catch {
      /* fall through to the plain filename */
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, "$1");
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return bare[1];
  return fallback;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Resolve with null instead of throwing when the server answers 401. */
  on401?: "throw" | "returnNull";
}

export interface ApiClientConfig {
  baseUrl: string;
  getAccessToken: () => Promise<string | null | undefined>;
  /** Sent as X-Device-Id (free gradings are also counted per device). */
  getDeviceId?: () => string | null;
  /** Sent as X-Org-Id: the active organisation (none: the personal space). */
  getOrgId?: () => string | null;
  fetch?: typeof fetch;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function createApiClient(config: ApiClientConfig) {
  const doFetch = (input: string, init: RequestInit) => (config.fetch ?? globalThis.fetch)(input, init);

  function url(path: string) {
    const base = config.baseUrl.replace(/\/+$/, "");
    return `${base}${path.startsWith("/") ? path : `/${path}`}`;
  }

  async function send(method: Method, path: string, body: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const token = await config.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const device = config.getDeviceId?.();
    if (device) headers["X-Device-Id"] = device;
    const org = config.getOrgId?.();
    if (org) headers["X-Org-Id"] = org;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    return doFetch(url(path), { method, headers, body: payload, credentials: "include", signal: options.signal });
  }

  async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return read<T>(await send(method, path, body, options), options);
  }

  async function read<T>(res: Response, options: RequestOptions = {}): Promise<T> {
    if (options.on401 === "returnNull" && res.status === 401) return null as T;
    if (!res.ok) throw await toApiError(res);
    if (res.status === 204) return null as T;
    const text = await res.text();
    const parsed = parseBody(text);
    return (parsed.json ? parsed.value : text || null) as T;
  }

  async function download(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; filename: string }> {
    const res = await send("GET", path, undefined, { ...options, headers: { Accept: "*/*", ...options.headers } });
    if (!res.ok) throw await toApiError(res);
    const blob = await res.blob();
    return { blob, filename: filenameFromContentDisposition(res.headers.get("content-disposition")) };
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", path, body, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, undefined, options),
    download,
    /** Reads a response obtained elsewhere (e.g. an early read, lib/early-reads.ts) as `get` would. */
    read: async <T>(response: Promise<Response>, options?: RequestOptions) => read<T>(await response, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient({
  baseUrl: env.API_URL,
  // supabase-js is loaded only when storage holds a session: public pages (blog) call the API without it.
  getAccessToken: async () => {
    if (!hasStoredSession()) return null;
    const { supabase } = await import("@/lib/supabase");
    const { data } = await supabase.auth.getSession();
    return data.session?.access_token ?? null;
  },
  getDeviceId: deviceId,
  getOrgId: readActiveOrgId,
});

/** Saves a downloaded blob through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function errorMessage(error: unknown, fallback: string) {
  return error instanceof Error && error.message ? error.message : fallback;
}
