import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../core/util/errors.js';
import { VERSION } from '../core/util/version.js';
import { processIo, type Io } from './io.js';
import { addReportOptions } from './output.js';
import { CHECK_FORMATS, DIFF_FORMATS, LINT_FORMATS } from '../reporters/formats.js';
import { failOnChoices } from '../core/report/fail-on.js';
import type { Severity } from '../core/report/types.js';

const EXIT_OK = 0;
const EXIT_USAGE = 2;

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** What a command's action sets: the exit code main returns. */
interface Ran {
  exitCode: number;
}

const DOC_URL = '--show-documentation-url';
const DOC_URL_HELP =
  "stylish: each finding's guide link (Spectral's flag; SARIF, HTML and `restguide rules` always carry them)";

const failOnOption = (help: string, levels: readonly Severity[]): Option =>
  new Option('--fail-on <level>', help).choices(failOnChoices(levels)).default('warning');

/**
 * The gate's options, as check, lint and diff list them: --fail-on of `levels`, the guide links, and the baseline
 * of what `judged` names.
 */
function addGateOptions(
  command: Command,
  levels: readonly Severity[],
  judged: string,
  failOnHelp = 'lowest severity that fails the run (warn = warning)',
): Command {
  return command
    .addOption(failOnOption(failOnHelp, levels))
    .option(DOC_URL, DOC_URL_HELP)
    .option('--baseline <file>', `known ${judged} that do not fail the run`)
    .option('--write-baseline <file>', `record this run's ${judged} as the baseline`);
}

/**
 * Runs the CLI and returns the exit code; never calls process.exit. Each command's module
 * is imported only when that command runs, so `--version` stays cheap.
 */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const ran: Ran = { exitCode: EXIT_OK };
  const program = new Command('restguide')
    .description('Conformance checks, OpenAPI lint and diff, and a reference server for the Belgif REST guide')
    .version(VERSION, '-v, --version')
    .exitOverride()
    // A usage error is one line: commander's message, then where to read the usage.
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
      outputError: (s, write) => write(`${s.trimEnd()} (run \`restguide --help\` for usage)\n`),
    });

  const check = addCheck(program, io, ran);
  const proxy = addProxy(program, io, ran);
  const lint = addLint(program, io, ran);
  const diff = addDiff(program, io, ran);

  // The config file: its section fills in what the command line leaves out, before the action runs.
  const configured = [check, lint, diff, proxy];
  for (const command of configured) {
    command
      .option(
        '--config <file>',
        'read settings from this file instead of restguide.config.yaml in the working directory; flags given win',
      )
      .option('--no-config', 'read no config file');
  }
  program.hook('preAction', async (_program, command) => {
    if (!configured.includes(command)) return;
    const { applyConfig } = await import('./config.js');
    await applyConfig(command, io);
  });

  addInit(program, io, ran);
  addServe(program, io, ran);
  addRules(program, io, ran);

  program.addHelpText(
    'after',
    `
Config file: check, lint, diff and proxy read their settings from restguide.config.yaml (or
.yml, .restguide.yaml, .restguide.yml) in the working directory, or the file --config names;
flags given win over it. \`restguide init\` writes a commented one. See docs/config.md.
`,
  );

  try {
    await program.parseAsync(argv, { from: 'user' });
    return ran.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through exitOverride with code 0.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr(`restguide: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`restguide: internal error, please report it\n${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT_USAGE;
  }
}

/** `restguide check`: its options, help and action. */
function addCheck(program: Command, io: Io, ran: Ran): Command {
  const check = program
    .command('check')
    .description('run the black-box conformance checks against a base URL (default: the embedded reference server)')
    .argument(
      '[baseUrl]',
      'base URL of the API (or check.target in the config file); omitted, the embedded reference server is started and checked, writes included',
    )
    .option(
      '--profile <file>',
      'YAML/JSON profile describing the collections, documents, tasks and controllers to check',
    )
    .option(
      '--openapi <fileOrUrl>',
      'derive the profile from an OpenAPI document; also the contract responses are held to',
    )
    .option(
      '--print-profile',
      'print the profile the run would use (e.g. derived by --openapi) as YAML, with its counts on stderr, and run nothing',
    )
    .option('--allow-writes', 'enable the checks that POST, PUT, PATCH or DELETE (each cleans up after itself)')
    .option('--only <ids>', 'run only these check ids or areas (comma-separated)', collect)
    .option('--skip <ids>', 'skip these check ids or areas (comma-separated)', collect)
    .option(
      '-H, --header <header>',
      "extra request header 'Name: value' (repeatable); sent only to the target's origin, its value redacted in every report",
      collect,
    )
    .option(
      '--oauth2-token-url <url>',
      'OAuth2 token endpoint: client credentials grant; the secret comes from $RESTGUIDE_CLIENT_SECRET, never a flag',
    )
    .option('--client-id <id>', 'OAuth2 client id (with --oauth2-token-url)')
    .option(
      '--client-key <file>',
      'PEM private key for private_key_jwt client authentication instead of a secret (or $RESTGUIDE_CLIENT_KEY)',
    )
    .option('--scope <scopes>', "scopes of the run's access token (space-separated)")
    .option(
      '--narrow-scope <scopes>',
      'scopes of a second token that lacks what reading the API needs (auth.missing-scope expects 403)',
    )
    .option('--cert <file>', 'client certificate (PEM) for mutual TLS')
    .option('--key <file>', 'private key (PEM) of --cert')
    .option('--ca <file>', 'CA certificate(s) (PEM) to trust for the target')
    .option(
      '--auth-demo',
      "check the embedded reference server in protected mode (OAuth2, the guide's 401/403), whole suite",
    )
    .option('--timeout <ms>', 'timeout of each request in milliseconds', '10000')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .option(
      '--rate <n>',
      'at most n requests per second (default: no limit); queueing does not count against --timeout',
    )
    .option('--deadline <ms>', 'deadline of the whole run in milliseconds', '120000')
    .option('-q, --quiet', 'stylish: print only failures, errors and the summary')
    .option(
      '--retries <n>',
      'tries after the first when a gateway answers 429, 503, 502 or 504 or drops the connection (after Retry-After or a backoff; POST and PATCH only when safe)',
      '4',
    )
    .option(
      '--wait <seconds>',
      'first wait up to this long for the target to answer (its /health, its base URL, or a path of --openapi), with progress on stderr',
    );
  addGateOptions(check, ['error', 'warning'], 'findings and errors')
    .option(
      '--record <file.har>',
      "write the run's own exchanges, discovery included, as HAR 1.2 (credentials, cookies and tokens redacted), to replay the run with --har and share a failure",
    )
    .option(
      '--har <files...>',
      "send no request: a recording of --record replays the whole run, each request answered from it; other recorded traffic (HAR 1.2 from browsers or Playwright; Newman and k6 write none: put restguide proxy in front) is judged as it is, the exchanges under the base URL (given, or --openapi's first server)",
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 clean; 1 findings, errored checks, or a record a cleanup could not remove;\n2 usage error, bad profile, unreachable target, missing resource, nothing could run;\n130 interrupted (cleanups run first, then listed on stderr).',
    );
  addReportOptions(check, CHECK_FORMATS).action(
    async (baseUrl: string | undefined, options: Record<string, unknown>) => {
      const { runCheck } = await import('./check.js');
      ran.exitCode = await runCheck(baseUrl, options, io);
    },
  );
  return check;
}

/** `restguide proxy`. */
function addProxy(program: Command, io: Io, ran: Ran): Command {
  const proxy = program
    .command('proxy')
    .description(
      'forward every request to an upstream API unchanged and judge each exchange off the request path; the reports on Ctrl-C',
    )
    .argument(
      '[upstream]',
      "the upstream API's base URL; clients send to the proxy what they would send to it (same base path); or proxy.upstream in the config file",
    )
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <host>', 'interface to listen on (loopback by default)', '127.0.0.1')
    .option(
      '--openapi <fileOrUrl>',
      'the contract answers are held to, and the document the coverage per operation counts against',
    )
    .option('--profile <file>', 'YAML/JSON profile of the API (as for check)')
    .option('--only <ids>', 'judge only these check ids or areas (comma-separated)', collect)
    .option('--skip <ids>', 'skip these check ids or areas (comma-separated)', collect)
    .option('--report-every <s>', 'also write the reports every s seconds, not only on SIGINT/SIGTERM')
    .option(
      '--no-forwarded-headers',
      'forward requests without the Forwarded and X-Forwarded-For/Host/Proto headers a gateway adds',
    )
    .option('-q, --quiet', 'stylish: print only failures, errors and the summary')
    .addOption(failOnOption('lowest severity that makes the exit code 1 (warn = warning)', ['error', 'warning']))
    .addHelpText(
      'after',
      '\nExit codes (on SIGINT/SIGTERM, after the reports): 0 nothing judged failed; 1 findings or errored checks; 2 usage error.',
    );
  addReportOptions(proxy, CHECK_FORMATS).action(async (upstream: string, options: Record<string, unknown>) => {
    const { runProxy } = await import('./proxy.js');
    ran.exitCode = await runProxy(upstream, options, io);
  });
  return proxy;
}

/** `restguide lint`. */
function addLint(program: Command, io: Io, ran: Ran): Command {
  const lint = program
    .command('lint')
    .description(
      'lint OpenAPI 3.0/3.1 documents, and Swagger 2.0 ones converted in memory (YAML or JSON, files or URLs), against the guide',
    )
    .argument(
      '[documents...]',
      'OpenAPI documents: files or http(s) URLs; - reads one from stdin (or lint.documents in the config file)',
    )
    .option('--ruleset <file>', 'a Spectral ruleset that extends or overrides the built-in one (its excludedFiles too)')
    .option(
      '--exclude <glob>',
      'files not linted as yours (vendored definitions): skipped as inputs, their findings dropped (repeatable)',
      collect,
    );
  addGateOptions(lint, ['error', 'warning', 'info'], 'findings')
    .option('-q, --quiet', 'no progress line on stderr (it shows only on a terminal, for runs over a second)')
    .option(
      '--verbose',
      "also say on stderr which lint engine ran and each fallback of its accelerated mode to Spectral's stock path",
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 no finding at or above --fail-on; 1 findings; 2 usage error, unreadable input, nothing could be linted.',
    );
  addReportOptions(lint, LINT_FORMATS).action(async (documents: string[], options: Record<string, unknown>) => {
    const { runLint } = await import('./lint.js');
    ran.exitCode = await runLint(documents, options, io);
  });
  return lint;
}

/** `restguide diff`. */
function addDiff(program: Command, io: Io, ran: Ran): Command {
  const diff = program
    .command('diff')
    .description('breaking changes between two versions of an OpenAPI document (evo-compat, api-version, evo-deprec)')
    .argument(
      '[old]',
      'the old version: a file, an http(s) URL or git:<rev>:<path> (read with git show); or diff.old in the config file',
    )
    .argument('[new]', 'the new version: a file, an http(s) URL or git:<rev>:<path>; or diff.new in the config file');
  addGateOptions(
    diff,
    ['error', 'warning', 'info'],
    'findings',
    'lowest severity that fails the run (info: also compatible changes; warn = warning)',
  )
    .option('--verbose', 'also show compatible changes (always in the JSON report)')
    .addHelpText(
      'after',
      '\nExit codes: 0 no finding at or above --fail-on, or a baseline written; 1 findings (by default: a breaking\nchange without a new major version); 2 usage error, a side that cannot be read.',
    );
  addReportOptions(diff, DIFF_FORMATS).action(
    async (oldDocument: string, newDocument: string, options: Record<string, unknown>) => {
      const { runDiff } = await import('./diff.js');
      ran.exitCode = await runDiff(oldDocument, newDocument, options, io);
    },
  );
  return diff;
}

/** `restguide init`. */
function addInit(program: Command, io: Io, ran: Ran): void {
  program
    .command('init')
    .description('write a commented restguide.config.yaml: the settings check, lint, diff and proxy take from it')
    .argument('[file]', 'the file to write', 'restguide.config.yaml')
    .option('--force', 'overwrite the file if it exists')
    .addHelpText(
      'after',
      '\nExit codes: 0 written; 2 the file exists (without --force), another config file is beside it,\nor it cannot be written.',
    )
    .action(async (file: string, options: Record<string, unknown>) => {
      const { runInit } = await import('./init.js');
      ran.exitCode = await runInit(file, options, io);
    });
}

/** `restguide serve`. */
function addServe(program: Command, io: Io, ran: Ran): void {
  program
    .command('serve')
    .description(
      "start the reference server (the whole example API of the guide, conforming), or with --openapi a mock of any API description served the guide's way",
    )
    .option(
      '--openapi <fileOrUrl>',
      'serve this API description instead: its collections paged, its errors problems, writes kept in memory',
    )
    .option('--seed <n>', 'with --openapi: the seed of the generated data (the same seed, the same data)')
    .option(
      '--data <file>',
      'with --openapi: records per collection, as JSON {"/path": [records]}, instead of generated ones',
    )
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', '3000')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option(
      '--public-url <url>',
      'public base URL every link starts with (a bare origin gets /registry/v1); default: the listening address',
    )
    .option('--task-delay <ms>', 'how long a submitted task stays processing', '500')
    .option(
      '--auth',
      'protected mode: an OAuth2 token endpoint at /oauth2/token; client restguide-demo, secret from $RESTGUIDE_CLIENT_SECRET or generated',
    )
    .option('--token-lifetime <s>', 'access token lifetime in seconds (protected mode)', '300')
    .action(async (options: Record<string, unknown>) => {
      const { runServe } = await import('./serve.js');
      ran.exitCode = await runServe(options, io);
    });
}

/** `restguide rules`. */
function addRules(program: Command, io: Io, ran: Ran): void {
  program
    .command('rules')
    .description(
      'list every check, lint rule and diff finding: id, guide rule, severity, writes, description, guide link',
    )
    .argument(
      '[filter]',
      'only rules of this kind (check, lint, diff), or whose id, area or guide rule contains this word',
    )
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (filter: string | undefined, options: Record<string, unknown>) => {
      const { runRules } = await import('./rules.js');
      ran.exitCode = await runRules(filter, options, io);
    });
}
