/** The one error type services throw; the central handler turns it into `{"message"}` (STYLE.md). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}
