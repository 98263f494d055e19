export function clientAddressOf(input: { socketAddress: string | undefined; forwardedFor: string | undefined; trustedProxies: number }): string;
