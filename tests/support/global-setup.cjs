// Builds the web app once before any test file starts a product process, so parallel test files never
// race to write web/dist.
const { spawnSync } = require('node:child_process');

module.exports = async () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'product/src/build-web.ts'], {
    cwd: process.cwd(),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building the web app failed; see the output above.');
};
