// validate.mjs runs compiled Schematron validators (SaxonJS SEF files) over
// XML files and prints, for each file, the rules that failed, as one JSON
// object a line: {"file": ..., "validator": ..., "failed": [{"id", "flag"}],
// "error": ...}. It reads the list of jobs from standard input, one JSON
// object a line: {"file": path, "validators": [name, ...]}, and takes the
// validators as name=path.sef.json arguments. It keeps each stylesheet in
// memory, so that hundreds of documents take seconds, not minutes.
//
// Usage: node validate.mjs cen=cen.sef.json peppol=peppol.sef.json < jobs
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import readline from "node:readline";

const require = createRequire(process.cwd() + "/");
const SaxonJS = require("saxon-js");

const validators = {};
for (const arg of process.argv.slice(2)) {
  const [name, path] = arg.split("=");
  validators[name] = JSON.parse(readFileSync(path, "utf8"));
}

// failures reads the failed assertions of an SVRL report.
function failures(svrl) {
  const out = [];
  const re = /<svrl:failed-assert\b([^>]*)>/g;
  let m;
  while ((m = re.exec(svrl)) !== null) {
    const id = /\bid="([^"]*)"/.exec(m[1]);
    const flag = /\bflag="([^"]*)"/.exec(m[1]);
    out.push({ id: id ? id[1] : "", flag: flag ? flag[1] : "fatal" });
  }
  return out;
}

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  for (const name of job.validators) {
    const result = { file: job.file, validator: name, failed: [] };
    try {
      const out = SaxonJS.transform(
        { stylesheetInternal: validators[name], sourceText: readFileSync(job.file, "utf8"), destination: "serialized" },
        "sync",
      );
      result.failed = failures(out.principalResult);
    } catch (err) {
      result.error = String(err && err.message ? err.message : err).slice(0, 500);
    }
    process.stdout.write(JSON.stringify(result) + "\n");
  }
}
