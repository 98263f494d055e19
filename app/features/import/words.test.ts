import { describe, expect, test } from "vitest";
import { isBalanceLine } from "./words";

describe("balance lines", () => {
  test.each(["Opening Balance", "SALDO ANTERIOR", "Saldo anterior 31/03/2017", "Solde précédent :", "Anfangssaldo", "Balance brought forward"])("%s states a balance", (text) => {
    expect(isBalanceLine(text)).toBe(true);
  });

  test.each(["Opening balance transfer fee", "Transfer to savings", "Payment received - balance", "Saldo de tarjeta VISA", ""])("%s is money that moved", (text) => {
    expect(isBalanceLine(text)).toBe(false);
  });
});
