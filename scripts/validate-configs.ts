import { checkConfigs } from '~/services/config/config.server';
import { formatProblem } from '~/services/config/config-check.server';

// Prints `file: path: message` for every problem in org-configs/ and layouts/; exit 1 on any.
const root = process.argv[2] ?? process.cwd();
const { problems, registry } = checkConfigs(root);
for (const problem of problems) console.log(formatProblem(problem));
if (problems.length > 0) {
  console.log(`\n${problems.length} configuration problem(s).`);
  process.exit(1);
}
console.log(`Configuration OK: ${registry!.orgs.length} organisations, ${registry!.layouts.size} layouts.`);
