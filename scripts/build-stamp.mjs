// The first and last steps of `npm run build`: `begin` hashes the build's inputs and forgets the
// old stamp, `finish` stamps dist/ with what it was built from (scripts/lib/build-inputs.mjs).
import { beginBuild, finishBuild } from './lib/build-inputs.mjs';

const step = process.argv[2];
if (step === 'begin') beginBuild(process.cwd());
else if (step === 'finish') finishBuild(process.cwd());
else {
  console.error('usage: node scripts/build-stamp.mjs begin|finish');
  process.exit(2);
}
