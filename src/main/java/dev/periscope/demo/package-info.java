/**
 * The zero-setup experience: on the first start with an empty database, a demo account, its key and a demo
 * project whose prompts start running at once.
 */
package dev.periscope.demo;
