// ESLint's and typescript-eslint's recommended rules, without type information so a run stays fast.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The Node globals the plain JS files use; TypeScript files get theirs from @types/node.
const NODE_GLOBALS = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'performance',
    'fetch',
    'structuredClone',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'queueMicrotask',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'reports/', 'bench/.tools/', 'bench/documents/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: NODE_GLOBALS } },
  // typescript-eslint's base config makes every file a module; .cjs files are CommonJS. The
  // bundle's node-fetch stand-in defines its own fetch.
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { fetch: 'off' } } },
  {
    rules: {
      // `const { drop: _drop, ...rest } = x` is how the code leaves a property out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read JSON bodies and documents whose shape is what they assert; typing each would restate it.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
