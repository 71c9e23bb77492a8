-- A matrix with a band (contracts.md §6, "band": true in the request): its cells grow while the band runs, and it
-- ends only when the band is complete (queue/MatrixFinisher.advanceBand clears BAND_PENDING).
ALTER TABLE MATRICES ADD COLUMN BAND_PENDING BOOLEAN NOT NULL DEFAULT FALSE;
