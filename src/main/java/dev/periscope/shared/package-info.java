/**
 * What every module shares: the error model ({@link dev.periscope.shared.ErrorCode}, {@link dev.periscope.shared.ApiException}),
 * strict readers of JSON bodies and query strings, pagination and tabular output.
 */
package dev.periscope.shared;
