const path = require('node:path');

/**
 * Last-resort import resolver (eslint-module-utils interface 2) for eslint-plugin-boundaries: a relative import the
 * Node resolver cannot find (a `.js` suffix on a `.ts` file, a folder without an index, a file not written yet)
 * still points into a known folder, so it is classified by where it points instead of being skipped.
 */
module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    if (!source.startsWith('./') && !source.startsWith('../')) return { found: false };
    return { found: true, path: path.resolve(path.dirname(file), source) };
  },
};
