import check from '../../../src/checks/json/media-type.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const isDocument = (path: string) => /^\/employers\/\d+$/.test(path);

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'charset=UTF-8 is tolerated',
      server: reference({
        mutate: (_req, res) => {
          res.headers['content-type'] = `${res.headers['content-type'] ?? ''}; charset=UTF-8`;
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'JSON served as text/plain',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path)) res.headers['content-type'] = 'text/plain';
        },
      }),
      findings: ['notJsonMediaType'],
    },
    {
      name: 'JSON declared iso-8859-1',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path)) res.headers['content-type'] = 'application/json; charset=iso-8859-1';
        },
      }),
      findings: ['notUtf8Charset'],
    },
    {
      name: 'a byte order mark before the JSON',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path)) res.text = `\uFEFF${JSON.stringify(res.json)}`;
        },
      }),
      findings: ['byteOrderMark'],
    },
    {
      name: 'a body that is not JSON under application/json',
      server: reference({
        mutate: (req, res) => {
          if (isDocument(req.path)) res.text = '{"name": "unterminated';
        },
      }),
      findings: ['notParseable'],
    },
  ],
});
