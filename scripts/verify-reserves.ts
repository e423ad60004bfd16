// Checks a proof of reserves on your own machine, without trusting our web page:
//   node --import tsx scripts/verify-reserves.ts my-proof.json [--site https://exchange.example]
// my-proof.json is what "Download my proof" gives on the reserves page (or GET /api/reserves/proof).
// With --site, the root is also compared with the one the site publishes now at /api/reserves.
import { readFileSync } from "node:fs";
import { type ReserveProof, verifyProof } from "../platform/contract/reserves.ts";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
const siteAt = args.indexOf("--site");
const site = siteAt >= 0 ? args[siteAt + 1] : undefined;
if (!file) {
  console.error("usage: verify-reserves.ts PROOF.json [--site URL]");
  process.exit(2);
}

const raw = JSON.parse(readFileSync(file, "utf8"));
// Accept the bare proof or the API's envelope around it.
const proof = (raw?.data ?? raw) as ReserveProof;
const result = await verifyProof(proof);
console.log(`snapshot ${proof.snapshot}, customer ${proof.uid}`);
console.log(
  `your balances: ${
    Object.entries(proof.balances)
      .map(([c, a]) => `${a} ${c}`)
      .join(", ") || "none"
  }`,
);
console.log(`recomputed root: ${result.computedRoot}`);
console.log(`published root:  ${proof.root.hash}`);
let ok = result.ok;
if (!result.ok) console.log(`NOT VERIFIED: ${result.reason}`);

if (site) {
  const published = (await (await fetch(new URL("/api/reserves", site))).json()).data;
  const same = published?.history?.find((s: { id: number }) => s.id === proof.snapshot);
  if (!same) {
    ok = false;
    console.log(`NOT VERIFIED: ${site} does not list snapshot ${proof.snapshot}`);
  } else if (same.root_hash !== proof.root.hash) {
    ok = false;
    console.log(`NOT VERIFIED: ${site} publishes a different root for snapshot ${proof.snapshot}`);
  } else {
    console.log(`${site} publishes the same root for snapshot ${proof.snapshot}.`);
  }
}
console.log(ok ? "VERIFIED: your balances are counted in the published totals." : "");
process.exit(ok ? 0 : 1);
