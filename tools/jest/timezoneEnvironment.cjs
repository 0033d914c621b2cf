/**
 * The preset's test environment: jsdom, in UTC like every suite, or in the time zone a test file names in
 * its first comment, so that date output is also checked where users are (a formatter right only in UTC
 * is wrong for everyone else):
 *
 *   @jest-environment-options {"timezone": "America/Los_Angeles"}
 *
 * Node re-reads the zone whenever `process.env.TZ` is assigned, for every context of the worker; the
 * zone is put back when the file is done, as the worker goes on to other files.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class TimezoneEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.timezone = config.projectConfig.testEnvironmentOptions.timezone;
    // A misspelt zone would run the file in UTC unnoticed: Intl throws a RangeError for it.
    if (this.timezone) new Intl.DateTimeFormat('en-US', { timeZone: this.timezone });
  }

  async setup() {
    await super.setup();
    if (!this.timezone) return;
    this.previousTimezone = process.env.TZ;
    process.env.TZ = this.timezone;
  }

  async teardown() {
    if (this.timezone) {
      if (this.previousTimezone === undefined) delete process.env.TZ;
      else process.env.TZ = this.previousTimezone;
    }
    await super.teardown();
  }
}

module.exports = TimezoneEnvironment;
