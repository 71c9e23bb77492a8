-- PostgreSQL twin of ../h2/V2__band.sql (TEXT where H2 has CHARACTER LARGE OBJECT).
-- A matrix with a band (contracts.md §6, "band": true in the request): its cells grow while the band runs, and it
-- ends only when the band is complete (queue/MatrixFinisher.advanceBand clears BAND_PENDING). OWN_CELLS: how many of
-- its cells are its own (the first ones; the rest are the band's, with profile overrides); null without a band.
ALTER TABLE MATRICES ADD COLUMN BAND_PENDING BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE MATRICES ADD COLUMN OWN_CELLS INT;
