// The error every Auth route answers with: HTTP status, GoTrue's error code and message (and extra fields).

export class AuthError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
