/**
 * Matrices as requested (CLI {@code matrix}, REST {@code POST /api/matrices}) and their expansion into cells:
 * {@link org.f2fsobs.bench.matrix.MatrixRequest} → {@link org.f2fsobs.bench.matrix.MatrixExpansion#expand} →
 * ordered {@link org.f2fsobs.bench.api.CellSpec}s, or named {@link org.f2fsobs.bench.api.FieldError}s. The
 * scenario catalog plugs its parameter ranges in through {@link org.f2fsobs.bench.matrix.ParamValidator};
 * {@link org.f2fsobs.bench.matrix.ParamValues} gives parameter values one meaning everywhere (128 = 128.0).
 */
package org.f2fsobs.bench.matrix;
