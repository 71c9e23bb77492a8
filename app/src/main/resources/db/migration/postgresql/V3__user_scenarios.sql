-- PostgreSQL twin of ../h2/V3__user_scenarios.sql (TEXT where H2 has CHARACTER LARGE OBJECT).
-- Scenarios stored from pasted patch mails (POST /api/scenarios), beside the built-in catalog (which lives in
-- bench-runner and is never stored here; a user scenario's id is mail-…, so it cannot take a built-in one). The app
-- loads every row into its catalog at start-up, so matrices and runs of a user scenario go through the same cell
-- runner as the built-in ones. SCENARIO_JSON is the scenario file (the catalog's format, origin "user") as last
-- stored or edited; MAIL is the paste it was drafted from and DRAFT_JSON the draft as imported (both for the page that
-- highlights where each part came from; null when the scenario was posted without them).
CREATE TABLE USER_SCENARIOS (
    ID             VARCHAR(100)  NOT NULL PRIMARY KEY,
    TITLE          VARCHAR(1000) NOT NULL,
    TOOL           VARCHAR(32)   NOT NULL,
    FLAG           VARCHAR(100),
    MESSAGE_ID     VARCHAR(1000),
    MAIL           TEXT,
    DRAFT_JSON     TEXT,
    SCENARIO_JSON  TEXT NOT NULL,
    CREATED_AT     TIMESTAMP WITH TIME ZONE NOT NULL,
    UPDATED_AT     TIMESTAMP WITH TIME ZONE NOT NULL
);
