/**
 * The REST adapter under {@code /api/v1}: request ids, authentication, rate limits, scopes and plan gates at the
 * door ({@link dev.periscope.http.ApiAccessFilter}), one controller per spec section, one error renderer.
 * Controllers parse input and render output; the rules live in the core modules.
 */
package dev.periscope.http;
