// The tests' one seeded generator (mulberry32, the mock's own), for every random document, value or
// load: a failing seed can be drawn again.
export { seededRandom as random } from '../../src/mock/values.js';
