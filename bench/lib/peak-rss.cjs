// Preloaded (`node --require`) into a measured command: prints its peak RSS on stderr at exit, so
// the bench reads the memory of restguide, spectral-cli and Redocly CLI alike.
process.on('exit', () => {
  process.stderr.write(`\nPEAK_RSS_KB ${process.resourceUsage().maxRSS}\n`);
});
