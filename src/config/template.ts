// What `restguide init` writes: every key, explained; the active ones hold the defaults, so the file
// changes nothing until a key is uncommented (test/config/init.test.ts holds it to that).

export const CONFIG_TEMPLATE = `# restguide configuration (docs/config.md): what the flags of \`restguide check\`, \`lint\`,
# \`diff\` and \`proxy\` would hold, so every run in this folder, yours and CI's, uses the same
# settings.
# Read from restguide.config.yaml in the working directory, or the file --config names;
# --no-config ignores it. A flag or argument given on the command line wins over its key
# here (headers merge by name). Relative paths are relative to this file's folder.
# Values may use \${NAME}, the environment variable NAME (unset or empty: the run stops,
# exit 2) and $$ for a literal $. Credentials never go in this file: only \${NAME}.
# x- keys at the top level are free, for YAML anchors that sections share with <<: *name.

check:
  # Base URL of the API to check (the baseUrl argument). Absent: the embedded reference
  # server is started and checked, writes included.
  # target: https://api.example.org/myApi/v1

  # What to check: a profile file (--profile, docs/profiles.md), or what an OpenAPI
  # document declares (--openapi, a file or URL; also the contract responses are held
  # to). Neither: the API's own /doc/openapi.json or /doc/openapi.yaml.
  # profile: restguide.profile.yaml
  # openapi: openapi.yaml

  # Also run the checks that POST, PUT, PATCH or DELETE; each cleans up what it created.
  # allow-writes: false

  # Run only, or skip, these check ids or areas (restguide rules check lists them).
  # only: [problem, paging]
  # skip: [paging.next-link]

  # Extra request headers, sent only to the target's origin, redacted in every report.
  # A credential (Authorization, Cookie, names with token, key or secret) must be \${NAME}.
  # headers:
  #   Authorization: Bearer \${API_TOKEN}

  # OAuth2 client credentials: the token endpoint, the client id, the scopes of the run's
  # token and of a narrower one (auth.missing-scope). The secret is read from
  # $RESTGUIDE_CLIENT_SECRET, or a private key file signs the requests (client-key).
  # oauth2-token-url: https://idp.example.org/oauth2/token
  # client-id: restguide-ci
  # client-key: keys/client.pem
  # scope: employers:read
  # narrow-scope: openid

  # Mutual TLS: the client certificate, its private key, and CA certificates to trust.
  # cert: tls/client.pem
  # key: tls/client-key.pem
  # ca: tls/ca.pem

  # Each request's timeout and the whole run's deadline (milliseconds), requests in
  # flight, requests per second (absent: no limit), and tries after the first when a
  # gateway answers 429, 502, 503 or 504 or drops the connection.
  # timeout: 10000
  # deadline: 120000
  # concurrency: 8
  # rate: 20
  # retries: 4

  # First wait up to this many seconds for the target to answer (a server still starting).
  # wait: 60

  # Lowest severity that fails the run: error or warning.
  fail-on: warning

  # Known findings and errors that do not fail the run (written by --write-baseline).
  # baseline: restguide-baseline.json

  # Reports: a format, or format=file to write it to a file; a list for several.
  # Absent: stylish on stdout.
  # format:
  #   - stylish
  #   - junit=reports/check.xml

  # Stylish output names each finding's guide rule with its URL.
  # show-documentation-url: false

lint:
  # The OpenAPI documents to lint (the documents argument): files, globs or URLs.
  # documents: [openapi.yaml]

  # A Spectral ruleset that extends or overrides the built-in one.
  # ruleset: .spectral.yaml

  # Files that are not yours to lint, such as vendored definitions: globs; one without
  # a / matches a file name in any folder.
  # exclude: ['vendor/**']

  # Lowest severity that fails the run: error, warning or info.
  fail-on: warning

  # Known findings that do not fail the run.
  # baseline: lint-baseline.json

  # Reports, as for check.
  # format: [stylish, sarif=reports/lint.sarif]

  # Stylish output names each finding's guide rule with its URL.
  # show-documentation-url: false

diff:
  # The two versions (the old and new arguments): files, URLs or git:<rev>:<path>.
  # old: git:origin/main:openapi.yaml
  # new: openapi.yaml

  # Lowest severity that fails the run: error, warning or info (info: also compatible
  # changes).
  fail-on: warning

  # Known findings that do not fail the run.
  # baseline: diff-baseline.json

  # Reports, as for check.
  # format: [stylish, junit=reports/diff.xml]

  # Stylish output names each finding's guide rule with its URL.
  # show-documentation-url: false

proxy:
  # The upstream API's base URL (the upstream argument): clients send to the proxy what they
  # would send to it.
  # upstream: https://staging.example.org/api/v1

  # Where the proxy listens: a port (0 picks a free one) and an interface (loopback).
  # port: 8080
  # host: 127.0.0.1

  # The contract answers are held to, or a profile; neither: the model is read from the traffic.
  # openapi: openapi.yaml
  # profile: restguide.profile.yaml

  # Judge only, or skip, these check ids or areas.
  # only: [json, link]
  # skip: [paging.next-link]

  # Also write the reports every this many seconds, not only on SIGINT/SIGTERM.
  # report-every: 60

  # Forwarded and X-Forwarded-For/Host/Proto added to what is forwarded, as a gateway does.
  # forwarded-headers: true

  # Lowest severity that makes the exit code 1: error or warning.
  fail-on: warning

  # Reports, as for check, written on SIGINT/SIGTERM.
  # format: [stylish, json=reports/proxy.json]
`;
