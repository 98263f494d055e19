export function clientAddressOf(input: { socketAddress: string | undefined; forwardedFor: string | undefined; trustedProxies: number }): string;
export function forwardedValue(header: string | undefined, trustedProxies: number): string | undefined;
