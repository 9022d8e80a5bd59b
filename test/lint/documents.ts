// The case documents' helpers live beside the rules whose cases use them.
export * from '../../rulesets/rules/documents.js';
