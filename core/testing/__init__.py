"""Smogpanel's testing API: what the core's tests, every plugin's tests and a plugin outside this
repository (examples/smogpanel-airquality) test with. docs/plugins.md, "Testing a plugin".

Installing smogpanel registers `smogpanel.testing.plugin` as a pytest plugin (the `pytest11`
entry point named `smogpanel`): its fixtures (`db`, `make_app`, `api`, `anonymous`, `admin`,
`live_server`, `page`, `smtp_server`, ...) are there in any test run, with no conftest.

    app      the database, the app on the test's transaction, clients speaking the API
    browser  the panel on a live server, driven by Playwright in Chromium
    mail     a real SMTP server and an app mailing to it
    files    spreadsheets, images and uploads made on the spot
    hostile  zip bombs and other hostile files
    http     a local HTTP server standing in for an integration's outside source
    serve    databases of their own, the app served in a thread or as `smogpanel serve`
    data     a database with rows in every table, and whole-database comparisons
    workers  a PostgreSQL database of its own for each pytest-xdist worker

The app never imports this package. It ships in the wheel as a documented API; importing the
plugin needs only pytest, and the rest of the `test` extra (`pip install 'smogpanel[test]'`)
is imported by the fixtures and helpers that use it, as are most of the app's own modules: the
plugin loads with every test run."""
