"""OpenTafl compiled from its sources for the checks and matches beside the tests
(``opentafl_replay``, ``opentafl_match``): a JDK's ``javac`` over a copy of an OpenTafl checkout
(github.com/jslater89/OpenTafl, ``$OPENTAFL_DIR/src``).

OpenTafl's UI needs jline2, ini4j and javax.json (Debian ``libjline2-java``, ``libini4j-java``,
``libjsonp-java``); where their jars are missing, it is compiled against three minimal stand-ins
written here (neither the replay nor the engine mode calls them) and OpenTafl's PlayTaflOnline
JSON reader is left out of the copy it compiles.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

_STUBS = {
    "jline/console/ConsoleReader.java": """package jline.console;
public class ConsoleReader {
    public ConsoleReader() throws java.io.IOException {}
    public String readLine() throws java.io.IOException { return null; }
    public String readLine(String p) throws java.io.IOException { return null; }
    public void clearScreen() throws java.io.IOException {}
    public T getTerminal() { return new T(); }
    public static class T { public boolean isAnsiSupported() { return false; } }
}
""",
    "org/ini4j/Wini.java": """package org.ini4j;
public class Wini {
    public Wini(java.io.File f) throws java.io.IOException {}
    public <T> T get(Object s, Object k, Class<T> c) { return null; }
    public Object put(String s, String k, Object v) { return null; }
    public void store() throws java.io.IOException {}
}
""",
}
_JSON_READER = "com/manywords/softworks/tafl/notation/playtaflonline/PlayTaflOnlineJsonTranslator.java"
_JSON_STUB = """package com.manywords.softworks.tafl.notation.playtaflonline;
public class PlayTaflOnlineJsonTranslator {
    public static com.manywords.softworks.tafl.engine.Game readJsonFile(java.io.File f) { return null; }
    public static com.manywords.softworks.tafl.engine.Game readJsonInputStream(java.io.InputStream s) { return null; }
}
"""
DEBIAN_JARS = ("/usr/share/java/jline2.jar", "/usr/share/java/ini4j.jar", "/usr/share/java/javax.json.jar")


def compile_opentafl(opentafl: Path, work: Path, main_source: Path) -> list[str]:
    """Compile ``main_source`` (a Java file) and the OpenTafl classes it needs from a copy of
    ``opentafl/src`` into ``work/classes``; the classpath to run it (the classes first, then
    OpenTafl's own jars and the Debian jars found).

    Raises:
        subprocess.CalledProcessError: javac failed.
    """
    src = work / "src"
    shutil.copytree(opentafl / "src", src)
    found = [j for j in DEBIAN_JARS if Path(j).exists()]
    classpath = [str(p) for p in (opentafl / "lib").glob("*.jar")] + found
    sources = [str(src)]
    if len(found) < len(DEBIAN_JARS):
        stubs = work / "stubs"
        for rel, text in _STUBS.items():
            (stubs / rel).parent.mkdir(parents=True, exist_ok=True)
            (stubs / rel).write_text(text)
        (src / _JSON_READER).write_text(_JSON_STUB)
        sources.append(str(stubs))
    out = work / "classes"
    out.mkdir()
    subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out), "-cp", os.pathsep.join(classpath),
                    "-sourcepath", os.pathsep.join(sources),
                    "--add-exports", "java.xml/com.sun.org.apache.xerces.internal.impl.dv.util=ALL-UNNAMED",
                    "--add-exports", "java.base/sun.net=ALL-UNNAMED", str(main_source)],
                   check=True, capture_output=True)
    return [str(out), *classpath]
