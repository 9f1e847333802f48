/* pe_house.c - the house games' shared payout helper and line paytable check. See pe_house.h. */
#include "pe_compat.h"
#include "pe_house.h"

#include "pe_eval.h"

int pe_house_abi(void) { return PE_HOUSE_ABI; }

int pe_house_winnings(int64_t stake, int64_t num, int64_t den, int32_t round_up, int64_t *out)
{
    if (!out || stake < 0 || num < 0 || den < 1 || (round_up != 0 && round_up != 1)) return PE_ERR_ARG;
    if (num && stake > INT64_MAX / num) return PE_ERR_ARG;
    *out = pe_house_pay(stake, num, den, round_up);
    return PE_OK;
}

int pe_house_check_paytable(const pe_house_paytable *p)
{
    if (!p || p->n < 1 || p->n > PE_HOUSE_MAX_LINES) return PE_ERR_ARG;
    for (int i = 0; i < p->n; i++) {
        if (p->min_value[i] < 1 || p->min_value[i] > PE_EVAL_CLASSES) return PE_ERR_ARG;
        if (i && p->min_value[i] >= p->min_value[i - 1]) return PE_ERR_ARG;
        if (p->num[i] < 0 || p->num[i] > 2147483647 || p->den[i] < 1 || p->den[i] > 2147483647)
            return PE_ERR_ARG;
    }
    return PE_OK;
}
