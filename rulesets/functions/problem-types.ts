// prb-type: problem type URIs written in the document (examples, enums, defaults of problem
// schemas and problem+json media types) follow urn:problem-type:<org>[:<api>]:<type>.
