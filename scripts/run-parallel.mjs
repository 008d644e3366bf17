// Runs the npm scripts named on the command line at the same time (the checks `npm test` starts
// with are independent, and each keeps one core busy), prints each one's output whole when it
// ends, and fails when any of them fails.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
