import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { UsageError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { processIo, type Io } from './io.js';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * Runs the CLI and returns the exit code; never calls process.exit. Each command's module
 * is imported only when that command runs, so `--version` stays cheap.
 */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command('restguide')
    .description('Conformance checks, OpenAPI lint and a reference server for the Belgif REST guide')
    .version(VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) })
    .showHelpAfterError('(run `restguide --help` for usage)');

  const formats = ['stylish', 'json', 'junit', 'sarif', 'github', 'html'];

  program
    .command('check')
    .description('run the black-box conformance checks against a base URL (default: the embedded reference server)')
    .argument('[baseUrl]', 'base URL of the API; omitted, the embedded reference server is started and checked, writes included')
    .option('--profile <file>', 'YAML/JSON profile describing the collections, documents, tasks and controllers to check')
    .option('--openapi <fileOrUrl>', 'derive the profile from an OpenAPI document')
    .option('--allow-writes', 'enable the checks that POST, PUT, PATCH or DELETE (each cleans up after itself)')
    .option('--only <ids>', 'run only these check ids or areas (comma-separated)', collect)
    .option('--skip <ids>', 'skip these check ids or areas (comma-separated)', collect)
    .option('-H, --header <header>', "extra request header 'Name: value' (repeatable); sent only to the target's origin", collect)
    .option('--oauth2-token-url <url>', 'OAuth2 token endpoint: client credentials grant; the secret comes from $RESTGUIDE_CLIENT_SECRET, never a flag')
    .option('--client-id <id>', 'OAuth2 client id (with --oauth2-token-url)')
    .option('--client-key <file>', 'PEM private key for private_key_jwt client authentication instead of a secret (or $RESTGUIDE_CLIENT_KEY)')
    .option('--scope <scopes>', "scopes of the run's access token (space-separated)")
    .option('--narrow-scope <scopes>', 'scopes of a second token that lacks what reading the API needs (auth.missing-scope expects 403)')
    .option('--cert <file>', 'client certificate (PEM) for mutual TLS')
    .option('--key <file>', 'private key (PEM) of --cert')
    .option('--ca <file>', 'CA certificate(s) (PEM) to trust for the target')
    .option('--auth-demo', 'check the embedded reference server in protected mode (OAuth2, the guide\'s 401/403), whole suite')
    .option('--timeout <ms>', 'timeout of each request in milliseconds', '10000')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .option('--rate <n>', 'at most n requests per second (default: no limit)')
    .option('--deadline <ms>', 'deadline of the whole run in milliseconds', '120000')
    .addOption(new Option('--fail-on <level>', 'lowest severity that fails the run').choices(['error', 'warning']).default('warning'))
    .addOption(new Option('-f, --format <format>', `report format: ${formats.join('|')} (repeatable, each with its own --output)`).argParser(collectChoice(formats)))
    .option('-o, --output <file>', 'write the report to a file (repeatable, pairs with --format)', collect)
    .option('--baseline <file>', 'known findings that do not fail the run')
    .option('--write-baseline <file>', "record this run's findings as the baseline")
    .action(async (baseUrl: string | undefined, options: Record<string, unknown>) => {
      const { runCheck } = await import('./check.js');
      exitCode = await runCheck(baseUrl, options, io);
    });

  program
    .command('lint')
    .description('lint OpenAPI 3.0/3.1 documents (YAML or JSON, files or URLs) against the guide')
    .argument('<documents...>', 'OpenAPI documents: files or http(s) URLs')
    .option('--ruleset <file>', 'a Spectral ruleset that extends or overrides the built-in one (its excludedFiles too)')
    .option('--exclude <glob>', 'files not linted as yours (vendored definitions): skipped as inputs, their findings dropped (repeatable)', collect)
    .addOption(new Option('-f, --format <format>', `report format: ${formats.join('|')} (repeatable, each with its own --output)`).argParser(collectChoice(formats)))
    .option('-o, --output <file>', 'write the report to a file (repeatable, pairs with --format)', collect)
    .addOption(new Option('--fail-on <level>', 'lowest severity that fails the run').choices(['error', 'warning', 'info']).default('warning'))
    .option('--baseline <file>', 'known findings that do not fail the run')
    .option('--write-baseline <file>', "record this run's findings as the baseline")
    .action(async (documents: string[], options: Record<string, unknown>) => {
      const { runLint } = await import('./lint.js');
      exitCode = await runLint(documents, options, io);
    });

  program
    .command('serve')
    .description('start the reference server: the whole example API of the guide, conforming')
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', '3000')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--task-delay <ms>', 'how long a submitted task stays processing', '500')
    .option('--auth', 'protected mode: an OAuth2 token endpoint at /oauth2/token; client restguide-demo, secret from $RESTGUIDE_CLIENT_SECRET or generated')
    .option('--token-lifetime <s>', 'access token lifetime in seconds (protected mode)', '300')
    .action(async (options: Record<string, unknown>) => {
      const { runServe } = await import('./serve.js');
      exitCode = await runServe(options, io);
    });

  program
    .command('rules')
    .description('list every check and lint rule: id, guide rule, severity, writes, description, guide link')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: Record<string, unknown>) => {
      const { runRules } = await import('./rules.js');
      exitCode = await runRules(options, io);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
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

/** A repeatable option whose values are restricted to `choices`. */
function collectChoice(choices: string[]) {
  return (value: string, previous: string[] | undefined): string[] => {
    if (!choices.includes(value)) throw new InvalidArgumentError(`one of ${choices.join(', ')}`);
    return [...(previous ?? []), value];
  };
}
