/**
 * Front ends of the benchmark tools the patch mails ran — fio, dd, iozone, tiotest: parsers of their real command
 * lines, formatters that print what the real tools print, and (in {@code content}) the bytes each tool writes. This
 * package holds what the tools share (option tables, getopt, C formats, the usage error); {@code dispatch}, above
 * them all, picks the tool of a command line ({@link org.f2fsobs.bench.tool.dispatch.ToolCommandLine}). Nothing here performs I/O: the engine side runs the parsed
 * jobs on the simulation and fills the result records.
 *
 * <table>
 * <caption>Entry points</caption>
 * <tr><th>tool</th><th>parse</th><th>measure into</th><th>print</th><th>written bytes</th></tr>
 * <tr><td>fio 3.33</td><td>FioParser → FioCommand/FioJob</td><td>FioJobResult, FioDiskUtil</td>
 *     <td>FioReport.print/normal/json</td><td>FioWriteContent</td></tr>
 * <tr><td>dd (GNU 9.1, toybox 2020)</td><td>DdParser → DdJob</td><td>DdResult</td><td>DdReport.gnu/toybox</td>
 *     <td>DdWriteContent</td></tr>
 * <tr><td>iozone 3.420</td><td>IozoneParser → IozoneJob (plan())</td><td>IozoneResult</td><td>IozoneReport</td>
 *     <td>IozoneWriteContent</td></tr>
 * <tr><td>tiotest 0.4.2</td><td>TiotestParser → TiotestJob</td><td>TiotestResult</td><td>TiotestReport</td>
 *     <td>TiotestWriteContent</td></tr>
 * </table>
 *
 * <p>Bad input raises {@link org.f2fsobs.bench.tool.ToolUsageException} (CLI exit 2, REST 400).
 */
package org.f2fsobs.bench.tool;
