import { describe, expect, it } from "vitest";
import { parseVerifyOptions } from "./verify-options";

describe("the options of npm run audit:verify", () => {
  it("checks the database when no option is given, as the first command of docs/operations.md does", () => {
    expect(parseVerifyOptions([])).toEqual({ mode: "database" });
  });

  it("checks an export offline when the three files are named", () => {
    const args = ["--export", "log.ndjson", "--checkpoint", "cp.txt", "--public-key", "log.vkey"];
    expect(parseVerifyOptions(args)).toEqual({
      mode: "export",
      exportFile: "log.ndjson",
      checkpointFile: "cp.txt",
      publicKeyFile: "log.vkey",
    });
    expect(parseVerifyOptions(["--public-key=log.vkey", "--checkpoint=cp.txt", "--export=log.ndjson"])).toMatchObject({
      mode: "export",
      exportFile: "log.ndjson",
    });
  });

  it("names the files missing from the offline form", () => {
    expect(() => parseVerifyOptions(["--export", "log.ndjson"])).toThrow(
      "--export, --checkpoint and --public-key go together: --checkpoint and --public-key are missing",
    );
    expect(() => parseVerifyOptions(["--checkpoint", "cp.txt", "--public-key", "k"])).toThrow("--export is missing");
  });

  it("refuses an unknown option, a stray argument and an empty file name, with the usage", () => {
    expect(() => parseVerifyOptions(["--exprt", "log.ndjson"])).toThrow(/Unknown option '--exprt'[\s\S]*Usage:/);
    expect(() => parseVerifyOptions(["log.ndjson"])).toThrow(/Unexpected argument 'log.ndjson'/);
    expect(() => parseVerifyOptions(["--export="])).toThrow("--export needs a file name");
  });
});
