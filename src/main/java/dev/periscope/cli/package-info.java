/**
 * The admin command line on the service's own jar: accounts and API keys, usable whether or not the service is
 * running (it attaches to the running embedded database, or starts it).
 */
package dev.periscope.cli;
