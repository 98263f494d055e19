/** "Chrome on macOS", "Safari on iPhone": a browser's User-Agent in words a person recognises. */
export function describeDevice(userAgent: string) {
  const agent = userAgent ?? "";
  const browser =
    /Edg\//.test(agent) ? "Edge"
    : /OPR\/|Opera/.test(agent) ? "Opera"
    : /Firefox\//.test(agent) ? "Firefox"
    : /Chrome\/|CriOS\//.test(agent) ? "Chrome"
    : /Safari\//.test(agent) ? "Safari"
    : null;
  const system =
    /iPhone/.test(agent) ? "iPhone"
    : /iPad/.test(agent) ? "iPad"
    : /Android/.test(agent) ? "Android"
    : /Windows/.test(agent) ? "Windows"
    : /Mac OS X|Macintosh/.test(agent) ? "macOS"
    : /CrOS/.test(agent) ? "ChromeOS"
    : /Linux/.test(agent) ? "Linux"
    : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
