import type { Localized } from './i18n.js';

const BELGIF = 'urn:problem-type:belgif:';
const API_PREFIX = 'urn:problem-type:belgif:registry:';
export const ISSUE = {
  schemaViolation: 'urn:problem-type:belgif:input-validation:schemaViolation',
  unknownInput: 'urn:problem-type:belgif:input-validation:unknownInput',
  invalidInput: 'urn:problem-type:belgif:input-validation:invalidInput',
  referencedResourceNotFound: 'urn:problem-type:belgif:input-validation:referencedResourceNotFound',
} as const;
export const ISSUE_TITLES: Record<keyof typeof ISSUE, string> = {
  schemaViolation: "Input isn't valid with respect to schema",
  unknownInput: 'Unknown input',
  invalidInput: 'Invalid input',
  referencedResourceNotFound: 'Referenced resource not found',
};

interface ProblemTypeInfo {
  status: number;
  title: string;
  /** true: a belgif standard type; false: specific to this API, documented under /refData/problemTypes. */
  standard: boolean;
  /** What the type means, for its /refData/problemTypes page. */
  description: string;
  /** Template of the occurrence's `detail`, per language. */
  detail: Localized;
}

/** Every problem type the reference server emits. */
export const PROBLEM_TYPES = {
  badRequest: {
    status: 400,
    title: 'Bad Request',
    standard: true,
    description: 'The input message is incorrect; `issues` lists what is wrong.',
    detail: {
      en: 'The input message is incorrect',
      nl: 'Het invoerbericht is onjuist',
      fr: "Le message d'entrée est incorrect",
      de: 'Die Eingabenachricht ist fehlerhaft',
    },
  },
  resourceNotFound: {
    status: 404,
    title: 'Resource Not Found',
    standard: true,
    description: 'No resource exists at the requested URI.',
    detail: {
      en: 'No resource {path} found',
      nl: 'Geen resource {path} gevonden',
      fr: 'Aucune ressource {path} trouvée',
      de: 'Keine Ressource {path} gefunden',
    },
  },
  payloadTooLarge: {
    status: 413,
    title: 'Payload Too Large',
    standard: true,
    description: 'The request body exceeds the size limit given in `limit` (bytes).',
    detail: {
      en: 'The request body exceeds the limit of {limit} bytes',
      nl: 'De request body overschrijdt de limiet van {limit} bytes',
      fr: 'Le corps de la requête dépasse la limite de {limit} octets',
      de: 'Der Request-Body überschreitet das Limit von {limit} Bytes',
    },
  },
  // The guide's security problems, answered only in protected mode (`--auth`).
  noAccessToken: {
    status: 401,
    title: 'No Access Token',
    standard: true,
    description: 'The request carries no Bearer access token in its Authorization header.',
    detail: {
      en: 'No Bearer access token found in Authorization HTTP header',
      nl: 'Geen Bearer access token gevonden in de Authorization HTTP-header',
      fr: "Aucun access token Bearer trouvé dans l'en-tête HTTP Authorization",
      de: 'Kein Bearer-Access-Token im Authorization-HTTP-Header gefunden',
    },
  },
  invalidAccessToken: {
    status: 401,
    title: 'Invalid Access Token',
    standard: true,
    description: 'The Bearer access token is malformed or its signature does not verify.',
    detail: {
      en: 'The Bearer access token found in the Authorization HTTP header is invalid',
      nl: 'Het Bearer access token in de Authorization HTTP-header is ongeldig',
      fr: "L'access token Bearer de l'en-tête HTTP Authorization est invalide",
      de: 'Das Bearer-Access-Token im Authorization-HTTP-Header ist ungültig',
    },
  },
  expiredAccessToken: {
    status: 401,
    title: 'Expired Access Token',
    standard: true,
    description: 'The Bearer access token has expired.',
    detail: {
      en: 'The Bearer access token found in the Authorization HTTP header has expired',
      nl: 'Het Bearer access token in de Authorization HTTP-header is verlopen',
      fr: "L'access token Bearer de l'en-tête HTTP Authorization a expiré",
      de: 'Das Bearer-Access-Token im Authorization-HTTP-Header ist abgelaufen',
    },
  },
  missingScope: {
    status: 403,
    title: 'Missing Scope',
    standard: true,
    description: 'The access token lacks a scope the operation requires; `requiredScopes` lists them.',
    detail: {
      en: 'Forbidden to consult the resource without the scopes {scopes}',
      nl: 'Verboden de resource te raadplegen zonder de scopes {scopes}',
      fr: 'Interdit de consulter la ressource sans les scopes {scopes}',
      de: 'Zugriff auf die Ressource ohne die Scopes {scopes} verboten',
    },
  },
  internalServerError: {
    status: 500,
    title: 'Internal Server Error',
    standard: true,
    description: 'An unexpected error occurred in the server.',
    detail: {
      en: 'An unexpected error occurred',
      nl: 'Er is een onverwachte fout opgetreden',
      fr: "Une erreur inattendue s'est produite",
      de: 'Ein unerwarteter Fehler ist aufgetreten',
    },
  },
  methodNotAllowed: {
    status: 405,
    title: 'Method Not Allowed',
    standard: false,
    description: 'The resource does not support the request method; the `Allow` header lists the methods it supports.',
    detail: {
      en: 'Method {method} is not allowed on this resource',
      nl: 'Methode {method} is niet toegestaan op deze resource',
      fr: "La méthode {method} n'est pas autorisée sur cette ressource",
      de: 'Methode {method} ist für diese Ressource nicht erlaubt',
    },
  },
  notAcceptable: {
    status: 406,
    title: 'Not Acceptable',
    standard: false,
    description: 'None of the media types in the `Accept` header can be produced for this resource.',
    detail: {
      en: 'Cannot produce any of the accepted media types; available: {available}',
      nl: 'Geen van de aanvaarde mediatypes kan worden geleverd; beschikbaar: {available}',
      fr: 'Aucun des types de média acceptés ne peut être produit ; disponibles : {available}',
      de: 'Keiner der akzeptierten Medientypen kann geliefert werden; verfügbar: {available}',
    },
  },
  unsupportedMediaType: {
    status: 415,
    title: 'Unsupported Media Type',
    standard: false,
    description: 'The `Content-Type` of the request body is not supported by the operation.',
    detail: {
      en: 'Content type {contentType} is not supported; use {supported}',
      nl: 'Inhoudstype {contentType} wordt niet ondersteund; gebruik {supported}',
      fr: "Le type de contenu {contentType} n'est pas supporté ; utilisez {supported}",
      de: 'Inhaltstyp {contentType} wird nicht unterstützt; verwenden Sie {supported}',
    },
  },
  duplicateKey: {
    status: 409,
    title: 'Duplicate Key',
    standard: false,
    description: 'A resource with the same identity key already exists.',
    detail: {
      en: 'A resource with key {key} already exists',
      nl: 'Een resource met sleutel {key} bestaat al',
      fr: 'Une ressource avec la clé {key} existe déjà',
      de: 'Eine Ressource mit dem Schlüssel {key} existiert bereits',
    },
  },
  invalidState: {
    status: 409,
    title: 'Invalid State',
    standard: false,
    description:
      'The action is not allowed in the current state of the resource (e.g. archiving an order that is not completed).',
    detail: {
      en: 'Order {orderId} is {state}; only completed orders can be archived',
      nl: 'Bestelling {orderId} is {state}; enkel voltooide bestellingen kunnen gearchiveerd worden',
      fr: 'La commande {orderId} est {state} ; seules les commandes terminées peuvent être archivées',
      de: 'Bestellung {orderId} ist {state}; nur abgeschlossene Bestellungen können archiviert werden',
    },
  },
  insufficientFunds: {
    status: 409,
    title: 'Insufficient Funds',
    standard: false,
    description: 'The account balance is lower than the amount to withdraw.',
    detail: {
      en: 'Balance {balance} does not cover {amount}',
      nl: 'Saldo {balance} dekt {amount} niet',
      fr: 'Le solde {balance} ne couvre pas {amount}',
      de: 'Der Saldo {balance} deckt {amount} nicht',
    },
  },
  preconditionFailed: {
    status: 412,
    title: 'Precondition Failed',
    standard: false,
    description: 'The `If-Match` header does not match the current ETag: the resource was modified since it was read.',
    detail: {
      en: 'The resource was modified; If-Match {ifMatch} does not match the current ETag',
      nl: 'De resource werd gewijzigd; If-Match {ifMatch} komt niet overeen met de huidige ETag',
      fr: 'La ressource a été modifiée ; If-Match {ifMatch} ne correspond pas à l’ETag actuel',
      de: 'Die Ressource wurde geändert; If-Match {ifMatch} entspricht nicht dem aktuellen ETag',
    },
  },
  requestHeaderFieldsTooLarge: {
    status: 431,
    title: 'Request Header Fields Too Large',
    standard: false,
    description: 'The request line or the header fields are larger than the server accepts (16 KiB in all).',
    detail: {
      en: 'The request line or headers are too large',
      nl: 'De request-regel of de headers zijn te groot',
      fr: 'La ligne de requête ou les en-têtes sont trop grands',
      de: 'Die Anfragezeile oder die Header sind zu groß',
    },
  },
  requestTimeout: {
    status: 408,
    title: 'Request Timeout',
    standard: false,
    description:
      'The request line and headers (or the whole request) did not arrive within the time the server waits; the connection is closed.',
    detail: {
      en: 'The request did not arrive in time',
      nl: 'Het verzoek kwam niet op tijd aan',
      fr: "La requête n'est pas arrivée à temps",
      de: 'Die Anfrage kam nicht rechtzeitig an',
    },
  },
  expectationFailed: {
    status: 417,
    title: 'Expectation Failed',
    standard: false,
    description:
      'The `Expect` header asks for something other than `100-continue`, the only expectation the server meets.',
    detail: {
      en: 'Expectation {expect} cannot be met; only 100-continue is supported',
      nl: 'Verwachting {expect} kan niet worden ingewilligd; enkel 100-continue wordt ondersteund',
      fr: "L'attente {expect} ne peut être satisfaite ; seul 100-continue est supporté",
      de: 'Erwartung {expect} kann nicht erfüllt werden; nur 100-continue wird unterstützt',
    },
  },
  unsupportedContentEncoding: {
    status: 415,
    title: 'Unsupported Content Encoding',
    standard: false,
    description:
      'The request body has a `Content-Encoding` the server cannot decode; send it unencoded (`Accept-Encoding: identity` in the answer says so).',
    detail: {
      en: 'Content encoding {encoding} is not supported; send the body unencoded',
      nl: 'Inhoudscodering {encoding} wordt niet ondersteund; stuur de body ongecodeerd',
      fr: "L'encodage de contenu {encoding} n'est pas supporté ; envoyez le corps non encodé",
      de: 'Inhaltscodierung {encoding} wird nicht unterstützt; senden Sie den Body uncodiert',
    },
  },
  notImplemented: {
    status: 501,
    title: 'Not Implemented',
    standard: false,
    description: 'The request method is one the server supports for no resource (CONNECT: it is not a proxy).',
    detail: {
      en: 'Method {method} is not supported by this server',
      nl: 'Methode {method} wordt door deze server niet ondersteund',
      fr: "La méthode {method} n'est pas supportée par ce serveur",
      de: 'Methode {method} wird von diesem Server nicht unterstützt',
    },
  },
  httpVersionNotSupported: {
    status: 505,
    title: 'HTTP Version Not Supported',
    standard: false,
    description:
      'The request line names an HTTP version other than HTTP/1.0 and HTTP/1.1; the request is not executed.',
    detail: {
      en: 'HTTP version {version} is not supported; use HTTP/1.1',
      nl: 'HTTP-versie {version} wordt niet ondersteund; gebruik HTTP/1.1',
      fr: "La version HTTP {version} n'est pas supportée ; utilisez HTTP/1.1",
      de: 'HTTP-Version {version} wird nicht unterstützt; verwenden Sie HTTP/1.1',
    },
  },
  unprocessableImage: {
    status: 422,
    title: 'Unprocessable Image',
    standard: false,
    description:
      'An image task failed: the input is schema-valid but cannot be processed (name `corrupt`, or width × height above 25 000 000 pixels).',
    detail: {
      en: 'Image {name} could not be processed',
      nl: 'Afbeelding {name} kon niet verwerkt worden',
      fr: "L'image {name} n'a pas pu être traitée",
      de: 'Bild {name} konnte nicht verarbeitet werden',
    },
  },
} satisfies Record<string, ProblemTypeInfo>;

export type ProblemTypeName = keyof typeof PROBLEM_TYPES;

export function problemTypeUri(name: ProblemTypeName): string {
  return (PROBLEM_TYPES[name].standard ? BELGIF : API_PREFIX) + name;
}

/** API-specific types, the ones documented at /refData/problemTypes/{problemType}. */
export const API_PROBLEM_TYPES = (Object.keys(PROBLEM_TYPES) as ProblemTypeName[]).filter(
  (n) => !PROBLEM_TYPES[n].standard,
);
