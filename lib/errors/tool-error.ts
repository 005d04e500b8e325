/**
 * The error a tool's work throws to tell the model what went wrong: the harness
 * hands its message to the model as the tool's result. Here rather than in
 * lib/tools so that the domain operations tools call can throw it too.
 */
/** A failure the model should read and can act on (bad path, missing file, …). */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}
