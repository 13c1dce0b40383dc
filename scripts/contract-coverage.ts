/**
 * Names every route of the API's contract that no API test checked a successful answer of (the routes noted by
 * api/src/contract-check.ts during the run). Usage: node scripts/contract-coverage.ts <checked-routes-file>
 */
import { readFileSync } from 'node:fs';
import { API_CONTRACT } from 'content-schema/api-contract';

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/contract-coverage.ts <checked-routes-file>');
const checked = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
const missing = Object.keys(API_CONTRACT).filter((route) => !checked.has(route));
for (const route of missing) console.log(`not checked by any API test: ${route}`);
console.log(
  `${Object.keys(API_CONTRACT).length - missing.length} of ${Object.keys(API_CONTRACT).length} routes' answers checked against the contract`,
);
process.exit(missing.length ? 1 : 0);
